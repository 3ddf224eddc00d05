# Local stand-in for busybox, which the chart's wait-for-dependencies init
# container runs (a shell, `date` and `nc -z -w`), and the sandbox image of the
# cluster's pods (it sleeps): the Debian stand-in with Debian's netcat-openbsd
# as `nc` (Debian's busybox builds its nc without -z).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends netcat-openbsd > /dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && nc -h 2>&1 | grep -q -- '-z'
CMD ["sleep", "infinity"]
