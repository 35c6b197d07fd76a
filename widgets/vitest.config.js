export default { test: { environment: "happy-dom", include: ["tests/**/*.test.js"] } };
