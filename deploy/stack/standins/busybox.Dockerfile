# Local stand-in for busybox, which the chart's wait-for-dependencies init
# container runs (a shell, `date` and `nc -z`), and the sandbox image of the
# cluster's pods (it sleeps): the Debian stand-in with Debian's busybox-static,
# whose `nc` is linked onto the PATH.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends busybox-static > /dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && ln -s /bin/busybox /usr/local/bin/nc
CMD ["sleep", "infinity"]
