/**
 * The integer ranges of the wire format: protobuf int64 fields (amounts, balances, weights,
 * thresholds, times) are Java longs on the reference node, int32 fields (Permission_id, coin_num,
 * num, precision) Java ints. Every range check in shared/ and devnet/ uses these bounds.
 */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;
