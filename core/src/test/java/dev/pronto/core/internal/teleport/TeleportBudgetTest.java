package dev.pronto.core.internal.teleport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-loop budget of buffered teleport bodies: admission, waiting, waking. */
class TeleportBudgetTest {
    private final TeleportBudget budget = new TeleportBudget(100);
    private final List<String> woken = new ArrayList<>();

    @Test
    void admitsOneBodyLargerThanTheLimitWhenNothingElseIsHeld() {
        assertThat(budget.admit(500)).isTrue();
        assertThat(budget.held()).isEqualTo(500);
    }

    @Test
    void refusesABodyThatDoesNotFitBesideTheOthers() {
        budget.admit(60);

        assertThat(budget.admit(41)).isFalse();
        assertThat(budget.held()).isEqualTo(60);
    }

    @Test
    void refusesABodyThatFitsWhileAnotherWaits() {
        budget.admit(60);
        budget.await(() -> woken.add("large"));

        assertThat(budget.admit(10)).isFalse();
    }

    @Test
    void wakesTheWaitingInOrderOnceRoomFreesUp() {
        budget.admit(100);
        budget.await(() -> woken.add("first"));
        budget.await(() -> woken.add("second"));

        budget.release(100);

        assertThat(woken).containsExactly("first", "second");
        assertThat(budget.held()).isZero();
    }

    @Test
    void forgetsAWaitingConnectionThatClosed() {
        budget.admit(100);
        Runnable closed = () -> woken.add("closed");
        budget.await(closed);

        budget.cancel(closed);
        budget.release(100);

        assertThat(woken).isEmpty();
    }
}
