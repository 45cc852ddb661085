export { RUNTIME_CONFIG_PATH, useFormatMoney, useRuntimeConfig } from './use-runtime-config';
