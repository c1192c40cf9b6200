/**
 * A process's life after SIGTERM (docs/decisions/0053-drain-on-sigterm.md). Draining starts at once:
 * /api/ready answers 503 so balancers stop sending, responses ask clients to close their
 * connection, and listeners (sockets, workers) hand their work on.
 */
export class Lifecycle {
  draining = false
  private readonly listeners: Array<() => void> = []

  startDrain(): void {
    if (this.draining) return
    this.draining = true
    for (const listener of this.listeners) listener()
  }

  onDrain(listener: () => void): void {
    if (this.draining) listener()
    else this.listeners.push(listener)
  }
}
