# backoffice/base-node: Node.js 24 (the binary of the repository's pinned `node` package) and npm on the project's
# Debian base, with a `node` user (uid 1000) as the official node images have. Made by base-images.mjs only where
# the official node:24-slim cannot be pulled. The build context holds `node` (the binary) and `npm/` (npm's package).
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
