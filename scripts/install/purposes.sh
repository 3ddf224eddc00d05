# shellcheck shell=bash
# What each purpose of scripts/install-system.sh installs, as data: the script
# and tests/scripts/install-purposes.spec.ts both read it. Every purpose adds
# to start's lists, since each of make test, test-deploy and test-scale also
# runs the product. Only what npm cannot bring is here (npm ci installs the
# one lock, jest and playwright-core included).
#   <PURPOSE>_DEBIAN  Debian packages, installed with apt when dpkg lacks them
#   <PURPOSE>_PYPI    name=installer: a PyPI tool in a venv of its own under
#                     the install cache, made by that script once per version

# Running the product: ClickHouse server and client (deploy/engines/clickhouse.sh);
# flock and setsid (util-linux, deploy/infra.sh); patch (our fix to FerretDB's
# source, deploy/engines/patches/); Java 17 and Maven, which fetch and run
# Kafka's jars (deploy/engines/kafka.sh). Go, which builds FerretDB and Mailpit,
# and Node are checked, not installed: Debian's are too old.
START_DEBIAN=(clickhouse-server clickhouse-client util-linux patch openjdk-17-jre-headless maven)
START_PYPI=()

# make test: Debian's Chromium headless shell for the browser and accessibility
# specs (the same Blink and V8 as its chromium, without the desktop browser's
# windows and UI processes: a third of the CPU per page); schemathesis (the API
# contract check) and chDB (the product's SQL on a current ClickHouse), both in a
# venv, hence python3-venv.
TEST_DEBIAN=(chromium-headless-shell python3-venv)
TEST_PYPI=(schemathesis=scripts/install-schemathesis.sh chdb=scripts/chdb/ensure.sh)

# npm run bench:web: Lighthouse drives the whole browser, as a visitor's.
LIGHTHOUSE_DEBIAN=(chromium)
LIGHTHOUSE_PYPI=()

# make test-scale: ZooKeeper for the replicated ClickHouse (the package only, not
# zookeeperd, so no system service starts).
SCALE_DEBIAN=(zookeeper)
SCALE_PYPI=()

# make test-deploy: the single-node Kubernetes cluster's node (deploy/stack/cluster.sh):
# containerd, runc and the CNI plugins; iptables, ipset and conntrack for kube-proxy
# and kube-router. deploy/stack/tools.sh adds docker.io, debootstrap and etcd-server
# (kept from starting a system engine) and the tools it builds from the Go module proxy.
DEPLOY_DEBIAN=(containerd runc containernetworking-plugins iptables ipset conntrack)
DEPLOY_PYPI=()
