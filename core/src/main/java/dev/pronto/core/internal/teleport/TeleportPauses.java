package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.exchange.ReadGate;
import io.netty.channel.EventLoop;
import java.util.concurrent.TimeUnit;

/**
 * The pauses a teleport connection takes for the sake of the others on its event loop: while a
 * buffered body waits for room in the loop's {@link TeleportBudget} ({@link ReadGate#MEMORY}), and
 * after a read inflated its share of one loop turn ({@link ReadGate#TURN}). Each closes the read
 * gate and, once over, opens it and has the connection decode what it holds. Event loop only.
 */
final class TeleportPauses {
    private final ReadGate gate;
    private final EventLoop loop;
    private final TeleportBudget budget;
    private final Runnable budgetWake;
    private final Runnable nextTurn;

    /** {@code gate}'s resume action decodes what the connection holds, unless it is closing. */
    TeleportPauses(ReadGate gate, EventLoop loop) {
        this.gate = gate;
        this.loop = loop;
        this.budget = TeleportBudget.ofThisLoop();
        this.nextTurn = () -> gate.reopen(ReadGate.TURN);
        // woken inside another connection's answer: decode on a task of its own, not nested in that one
        this.budgetWake = () -> loop.execute(() -> gate.reopen(ReadGate.MEMORY));
    }

    TeleportBudget budget() {
        return budget;
    }

    /** A buffered body does not fit the loop's budget: stop reading until bodies are answered. */
    void awaitBudget() {
        gate.close(ReadGate.MEMORY);
        budget.await(budgetWake);
    }

    /** Whether the connection waits for the budget: the server's pause, which no client timeout counts. */
    boolean awaitingBudget() {
        return gate.holds(ReadGate.MEMORY);
    }

    /**
     * This read inflated its share: stop until a later turn, so the loop's other sockets are read
     * and answered first. A zero-delay scheduled task runs after the loop's next I/O pass, where a
     * plain task could run at once in the same batch of tasks.
     */
    void yieldTurn() {
        gate.close(ReadGate.TURN);
        loop.schedule(nextTurn, 0, TimeUnit.NANOSECONDS);
    }

    /** The connection closed: it waits for nothing, and gives back what its answered bodies held. */
    void closed(long held) {
        budget.cancel(budgetWake);
        budget.release(held);
    }
}
