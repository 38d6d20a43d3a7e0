package dev.pronto.client.http.internal.teleport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientRequest;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The id table of a teleport connection: unique ids, exact claims, no mismatched call. */
class TeleportIdsTest {
    private static TeleportCall call(long deadline) {
        return new TeleportCall(ClientRequest.get("http://h/"), (r, e) -> { }, deadline, false);
    }

    @Test
    void idsInFlightAreDistinctAndNonZeroAcrossGrowth() {
        TeleportIds ids = new TeleportIds();
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 5000; i++) {
            assertThat(seen.add(ids.add(call(0)))).isTrue();
        }
        assertThat(seen).doesNotContain(0);
        assertThat(ids.size()).isEqualTo(5000);
    }

    @Test
    void claimReturnsTheCallSentWithThatIdOnce() {
        TeleportIds ids = new TeleportIds();
        TeleportCall a = call(0);
        TeleportCall b = call(0);
        int idA = ids.add(a);
        int idB = ids.add(b);
        assertThat(ids.claim(idB)).isSameAs(b);
        assertThat(ids.claim(idB)).isNull();
        assertThat(ids.claim(idA)).isSameAs(a);
        assertThat(ids.isEmpty()).isTrue();
    }

    @Test
    void aSlowCallKeepsItsSlotWhileLaterIdsSkipIt() {
        TeleportIds ids = new TeleportIds();
        TeleportCall slow = call(0);
        int slowId = ids.add(slow);
        for (int i = 0; i < 1000; i++) {
            int id = ids.add(call(0));
            assertThat(id).isNotEqualTo(slowId);
            assertThat(ids.claim(id)).isNotNull();
        }
        assertThat(ids.claim(slowId)).isSameAs(slow);
    }

    @Test
    void anIdSharingASlotWithALiveCallClaimsNothing() {
        TeleportIds ids = new TeleportIds();
        TeleportCall live = call(0);
        int id = ids.add(live);
        assertThat(ids.claim(id + 64)).isNull();
        assertThat(ids.claim(id)).isSameAs(live);
    }

    @Test
    void expiredRemovesOnlyCallsPastTheirDeadline() {
        TeleportIds ids = new TeleportIds();
        TeleportCall early = call(100);
        TeleportCall late = call(300);
        ids.add(early);
        int lateId = ids.add(late);
        assertThat(ids.expired(200)).containsExactly(early);
        assertThat(ids.expired(200)).isNull();
        assertThat(ids.claim(lateId)).isSameAs(late);
    }

    @Test
    void drainEmptiesTheTable() {
        TeleportIds ids = new TeleportIds();
        TeleportCall a = call(0);
        TeleportCall b = call(0);
        ids.add(a);
        ids.add(b);
        assertThat(ids.drain()).containsExactlyInAnyOrder(a, b);
        assertThat(ids.isEmpty()).isTrue();
    }
}
