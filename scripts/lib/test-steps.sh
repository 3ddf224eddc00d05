# shellcheck shell=bash
# What the three test commands (scripts/test.sh, test-deploy.sh, test-scale.sh) share: a
# check's outcome for the summary, and when each stage began and ended for timings.tsv.
# The caller sets $checks and $stages to its own results folder's files.

record() { # name, passed|failed
  printf '%s\t%s\n' "$1" "$2" >>"$checks"
}

timed() { # name, command...: runs it and notes when it began and ended
  local name=$1 from=$EPOCHREALTIME status=0
  shift
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$from" "$EPOCHREALTIME" >>"$stages"
  return "$status"
}
