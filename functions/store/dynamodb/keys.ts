/**
 * The key condition of a Query of one partition: `attribute = value`, with both behind placeholders
 * (an attribute name may be a reserved word). Spread into the Query's input; its other expressions
 * must not use `#k` or `:k`.
 */
export function keyIs(attribute: string, value: unknown) {
  return {
    KeyConditionExpression: '#k = :k',
    ExpressionAttributeNames: { '#k': attribute },
    ExpressionAttributeValues: { ':k': value },
  };
}
