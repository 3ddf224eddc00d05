import { Inject, Injectable } from '@nestjs/common';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';
import { SERVICE_NAME } from '../config/config.module';

/**
 * The app's own Prometheus registry. One per app, not prom-client's global one,
 * because the integration tests run several services in one process and a
 * global registry refuses a second metric of the same name. Metrics are made
 * on first use and shared by name, so two providers asking for the same series
 * get the same object.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly made = new Map<string, Counter | Gauge | Histogram>();

  constructor(@Inject(SERVICE_NAME) service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return this.make(config.name, () => new Counter({ ...config, registers: [this.registry] }));
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return this.make(config.name, () => new Gauge({ ...config, registers: [this.registry] }));
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return this.make(config.name, () => new Histogram({ ...config, registers: [this.registry] }));
  }

  /** The Prometheus text exposition of every series. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private make<M extends Counter | Gauge | Histogram>(name: string, create: () => M): M {
    const existing = this.made.get(name);
    if (existing) return existing as M;
    const metric = create();
    this.made.set(name, metric);
    return metric;
  }
}
