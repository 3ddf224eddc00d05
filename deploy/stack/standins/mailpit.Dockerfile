# Local stand-in for axllent/mailpit: the same Mailpit release, built by deploy/
# from the Go module proxy, at /mailpit as in the official image.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY mailpit /mailpit
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
EXPOSE 1025 8025
ENTRYPOINT ["/mailpit"]
