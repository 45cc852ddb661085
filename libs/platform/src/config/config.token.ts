/** Injection token of the parsed, validated service configuration. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
