# HandCheck: the two commands are `make start` and `make test`.
.PHONY: start stop test test-deploy test-scale status build lint typecheck unit proto clean-var

start: ## install what running needs and is missing, start engines and services, print URLs
	@bash scripts/start.sh

stop: ## stop everything `make start` started
	@bash scripts/stop.sh

test: ## lint, type-check and unit tests without engines (stops there on a failure), then integration and browser tests against real engines
	@bash scripts/test.sh

test-deploy: ## build and run the images, run docker-compose.yml, install the chart on a real Kubernetes API server
	@bash scripts/test-deploy.sh

test-scale: ## fault tests on a local cluster: three Kafka brokers, two ClickHouse replicas, every worker twice
	@bash scripts/test-scale.sh

status: ## what is running
	@bash deploy/infra.sh status --profile dev; node scripts/supervisor.mjs status --profile dev

build:
	@npm run build

lint:
	@npx eslint . --max-warnings=0

typecheck:
	@npm run typecheck

unit: ## fast tests only, no engines needed
	@npx jest --selectProjects unit

proto: ## regenerate the TypeScript contracts from proto/
	@npm run proto:generate
