import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface MaintenanceProps {
  readonly data: Data;
}

/**
 * Scheduled upkeep of derived data (infra/functions.ts `schedule` triggers): each function runs on its
 * EventBridge rule, which retries a failed run twice. Today: ReconcileTop, nightly.
 */
export class Maintenance extends Construct {
  public readonly functions: DeclaredFunction[] = [];

  constructor(scope: Construct, id: string, props: MaintenanceProps) {
    super(scope, id);
    for (const declaration of functionsTriggeredBy('schedule')) {
      const fn = new DeclaredFunction(this, { declaration, data: props.data });
      this.functions.push(fn);
      new events.Rule(this, `${declaration.id}Schedule`, {
        description: declaration.trigger.description,
        schedule: events.Schedule.cron({ minute: declaration.trigger.cron.minute, hour: declaration.trigger.cron.hour }),
        targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
    }
  }
}
