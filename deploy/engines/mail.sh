# shellcheck shell=bash
# "mail": Mailpit, an SMTP server that keeps every message and shows it in a
# web UI and a JSON API. Built from the Go module proxy into the cache,
# together with its web UI (bundled with npm from the module's own lock file).

MAILPIT_VERSION="${MAILPIT_VERSION:-v1.31.0}"

mail_home() { printf '%s/mailpit-%s' "$HANDCHECK_CACHE" "${MAILPIT_VERSION#v}"; }
mail_installed() { [[ -x "$(mail_home)/mailpit" ]]; }

mail_install() {
  mail_installed && return 0
  with_lock "$HANDCHECK_CACHE/.mailpit.lock" mail_install_locked
}

# The module holds the UI sources but not the built bundle that the binary
# embeds; without it the API works and the web UI is blank.
mailpit_prepare_source() {
  command -v npm >/dev/null || die "npm is missing: run scripts/install-system.sh start"
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null
  npm run --silent package >/dev/null
  [[ -f server/ui/dist/app.js ]] || die "mail: Mailpit web UI bundle was not built"
}

mail_install_locked() {
  mail_installed && return 0
  local home tmp
  home="$(mail_home)"
  tmp="$home.partial"
  rm -rf "$tmp" "$home"
  mkdir -p "$tmp"
  log "mail: building Mailpit $MAILPIT_VERSION into $home (one to two minutes)"
  go_build_module github.com/axllent/mailpit "$MAILPIT_VERSION" . \
    "$tmp/mailpit" mailpit_prepare_source \
    -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$MAILPIT_VERSION"
  mv "$tmp" "$home"
}

mail_ports() { printf '%s %s' "$SMTP_PORT" "$MAILPIT_PORT"; }
mail_describe() { printf 'smtp 127.0.0.1:%s, ui+api http://127.0.0.1:%s' "$SMTP_PORT" "$MAILPIT_PORT"; }
mail_healthy() {
  probe http "$MAILPIT_PORT" /api/v1/info '"Version"' >/dev/null 2>&1 &&
    probe smtp "$SMTP_PORT" >/dev/null 2>&1
}

mail_start() {
  local data
  data="$(data_dir mail)"
  mkdir -p "$data"
  # Any SMTP login is accepted (services send with credentials in production);
  # no version check, reverse DNS or remote CSS: nothing leaves the machine.
  launch mail "$(mail_home)/mailpit" \
    --database="$data/mailpit.db" \
    --smtp="127.0.0.1:$SMTP_PORT" \
    --listen="127.0.0.1:$MAILPIT_PORT" \
    --smtp-auth-accept-any \
    --smtp-auth-allow-insecure \
    --smtp-disable-rdns \
    --disable-version-check \
    --block-remote-css-and-fonts \
    --max=5000 \
    --label="handcheck-$PROFILE"
}
