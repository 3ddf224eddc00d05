import { type CategoryId, type ConditionInfo } from '../types';
import { cubitalTunnelSyndrome, elbowArthritis, golfersElbow, tennisElbow } from './elbow';
import { dupuytrensContracture, malletFinger, triggerFinger } from './hand';
import {
  carpalTunnelSyndrome,
  deQuervainsTenosynovitis,
  ganglionCyst,
  guyonCanalSyndrome,
  handWristArthritis,
  intersectionSyndrome,
} from './wrist';

/*
 * Conditions are filed under the place where the problem starts, not where it is felt:
 * carpal tunnel and Guyon's canal syndrome are nerve problems at the wrist (wrist), cubital
 * tunnel syndrome is one at the elbow (elbow), even though all three are felt in the fingers.
 *
 * The order is the spec's list of slugs; related-condition links follow it.
 */
export const conditions: readonly ConditionInfo[] = [
  carpalTunnelSyndrome,
  triggerFinger,
  tennisElbow,
  deQuervainsTenosynovitis,
  ganglionCyst,
  dupuytrensContracture,
  golfersElbow,
  handWristArthritis,
  cubitalTunnelSyndrome,
  guyonCanalSyndrome,
  malletFinger,
  intersectionSyndrome,
  elbowArthritis,
];

const bySlug = new Map(conditions.map((condition) => [condition.slug, condition]));

const byEngineName = new Map(
  conditions.flatMap((condition) =>
    condition.engineNames.map((name) => [name, condition] as const),
  ),
);

export function findCondition(slug: string): ConditionInfo | undefined {
  return bySlug.get(slug);
}

export function conditionsInCategory(id: CategoryId): ConditionInfo[] {
  return conditions.filter((condition) => condition.category === id);
}

/** Up to `max` other conditions of the same category, in list order; [] for an unknown slug. */
export function relatedConditions(slug: string, max = 3): ConditionInfo[] {
  const condition = bySlug.get(slug);
  if (!condition) return [];
  const limit = Math.max(0, Math.floor(max));
  return conditionsInCategory(condition.category)
    .filter((other) => other.slug !== slug)
    .slice(0, limit);
}

/**
 * The guide that explains an engine condition, or undefined for the engine conditions that
 * deliberately have none (ENGINE_NAMES_WITHOUT_GUIDE) and for unknown names.
 */
export function guideForEngineName(name: string): ConditionInfo | undefined {
  return byEngineName.get(name);
}
