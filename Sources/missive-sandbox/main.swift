// The missive-sandbox program: `missive sandbox` starts it.
// (Marks the target until the sandbox lands; replace it then.)
print("missive-sandbox: not built yet")
