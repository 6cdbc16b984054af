/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  postcss: true,
  // The test helpers and migrations are plain TypeScript imported by the server bundle.
  // lucide-react's per-icon ES modules (see app/lucide-icons.d.ts) are not loadable by Node as they are.
  serverDependenciesToBundle: [/^lucide-react\/dist\/esm\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
