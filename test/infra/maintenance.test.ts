/**
 * The Maintenance construct: scheduled upkeep of derived data (ReconcileTop rebuilds the Top's rank
 * rows from the posts' counts every night), with exactly the access its declaration names.
 */
import { describe, expect, it } from 'vitest';
import { logicalId, sharedStack } from './synth';

const s = sharedStack();
const { ofType } = s;

describe('maintenance', () => {
  it('runs ReconcileTop every night at 03:30 UTC, retried twice when it fails', () => {
    const fn = s.stack.maintenance.functions.find((declared) => declared.node.id === 'ReconcileTop');
    expect(fn).toBeDefined();
    const functionId = logicalId(fn!.function);
    const rules = ofType('AWS::Events::Rule').filter(([, rule]) => JSON.stringify(rule.Properties.Targets).includes(`"${functionId}"`));
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({
      ScheduleExpression: 'cron(30 3 * * ? *)',
      State: 'ENABLED',
      Targets: [expect.objectContaining({ RetryPolicy: { MaximumRetryAttempts: 2 } })],
    });
    // EventBridge may invoke it; nothing else is granted.
    const permissions = ofType('AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties.FunctionName).includes(functionId));
    expect(permissions.map(([, p]) => p.Properties.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('reads published posts and checks each, and reads, scans and rewrites rank rows, nothing more', () => {
    const fn = s.stack.maintenance.functions.find((declared) => declared.node.id === 'ReconcileTop')!;
    const roleId = logicalId(fn.function.role!.node.defaultChild as never);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap(
        ([, policy]) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement,
      )
      .filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'));
    const posts = logicalId(s.stack.data.tables.posts);
    const top = logicalId(s.stack.data.tables.top);
    const actionsOn = (table: string) =>
      statements
        .filter((statement) => JSON.stringify(statement.Resource).includes(table))
        .flatMap((statement) => [statement.Action].flat())
        .sort();
    expect(actionsOn(posts)).toEqual(['dynamodb:ConditionCheckItem', 'dynamodb:Query']);
    expect(actionsOn(top)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:Scan']);
  });
});
