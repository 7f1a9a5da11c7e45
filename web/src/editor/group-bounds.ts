/** A signing group has 2 to 20 members (400 INVALID_SIGNING_GROUP otherwise). */
export const GROUP_MIN = 2;
export const GROUP_MAX = 20;
