// Jest reads `testTimeout` from the global config only, not a project's: the engine projects
// (jest.config.js) set their default here instead.
jest.setTimeout(60_000);
