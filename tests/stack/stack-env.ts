import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';

/**
 * What scripts/test-deploy.sh set up before Jest starts: the private Docker
 * engine, the images, the Kubernetes cluster and the tools, written to
 * var/deploy/stack-env.json. The specs never start infrastructure of their own.
 */
export interface StackEnv {
  dockerHost: string;
  docker: string;
  compose: string;
  helm: string;
  kubectl: string;
  kubeconfig: string;
  images: Record<string, string>;
  tag: string;
  /** The service images under a second tag, for the cluster's upgrade test. */
  nextTag: string;
}

export function stackEnv(): StackEnv {
  const file = join(REPO_ROOT, 'var/deploy/stack-env.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StackEnv;
  } catch (error) {
    throw new Error(
      `${file} is missing or unreadable: these specs run under \`make test-deploy\`, which prepares it (${String(error)})`,
    );
  }
}

/** The environment of a child process that talks to the private engine. */
export function dockerProcessEnv(env: StackEnv): NodeJS.ProcessEnv {
  return { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_BUILDKIT: '1' };
}
