/**
 * How every Lambda handler is bundled (esbuild), in one place: the stack's construct
 * (infra/constructs/lambdaFunction.ts) passes these to CDK's NodejsFunction, and the local cloud
 * (infra/local/aws/lambda/bundle.ts) to esbuild itself, so a function runs locally the code it runs on AWS.
 */
export const FUNCTION_BUNDLE = {
  target: 'node24',
  // ES modules from the SDK's `module` builds, so esbuild can drop what a handler never calls.
  format: 'esm',
  mainFields: ['module', 'main'],
  // Some bundled CommonJS still calls require() for Node's own modules.
  banner: "import{createRequire as __createRequire}from'node:module';const require=__createRequire(import.meta.url);",
  minify: true,
  sourceMap: true,
  /** Modules replaced by another file (paths from the repository root). */
  alias: {
    // Lambda passes credentials in the environment: the default chain's other providers are dead weight.
    '@aws-sdk/credential-provider-node': './functions/lambdaCredentials.ts',
    // react-router-dom's `node` export is CommonJS (its ES module is under `module-sync`, a condition
    // esbuild does not use and that would also switch the SDK to its larger builds): bundled as
    // CommonJS it cannot be tree-shaken, and the page function carried all of React Router
    // (203 KB instead of 41). Its own ES module build is the same code.
    'react-router-dom': './node_modules/react-router-dom/dist/index.mjs',
  },
  // The page function renders the web app's components, some of which import their styles: the
  // document has the styles already (index.html), the function needs none.
  loader: { '.css': 'empty' },
  // Libraries' production code only (React's server renderer is several times faster than its
  // development build, and the bundle sheds the latter).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
} as const;
