// The Outbox layer. Queued Commands, retry strategy, scheduling, leases, reconciliation, the undo window.
// (This file only marks the module until its first real source lands; delete it then.)
