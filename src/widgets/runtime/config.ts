/** The page's runtime configuration, read once from its JSON script. */
import { RUNTIME_CONFIG_ID, type RuntimeConfig } from '../../shared/runtime-config';

let config: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  config ??= JSON.parse(document.getElementById(RUNTIME_CONFIG_ID)!.textContent!) as RuntimeConfig;
  return config;
}
