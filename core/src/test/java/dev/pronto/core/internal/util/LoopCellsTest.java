package dev.pronto.core.internal.util;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.StartTogether;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.Test;

class LoopCellsTest {
    private static final int PER_THREAD = 100_000;

    @Test
    void countsFromEveryEventLoopAndOtherThreadsAreSummed() throws Exception {
        LoopCells cells = new LoopCells(2);
        StartTogether.run(() -> {
            for (int i = 0; i < PER_THREAD; i++) {
                cells.add(0, 1);
                cells.add(1, 3);
            }
        }, FastThreadLocalThread::new, FastThreadLocalThread::new, Thread::new, Thread::new);

        assertThat(cells.sum(0)).isEqualTo(4L * PER_THREAD);
        assertThat(cells.sum(1)).isEqualTo(4L * PER_THREAD * 3);
    }

    @Test
    void anEventLoopWritesItsOwnCellAndOtherThreadsTheSharedOne() throws Exception {
        LoopCells cells = new LoopCells(1);
        long[][] seen = new long[1][];
        Thread loop = new FastThreadLocalThread(() -> {
            cells.add(0, 5);
            seen[0] = cells.mine();
        });
        loop.start();
        loop.join();
        cells.add(0, 2);

        assertThat(cells.mine()).isNull();
        assertThat(seen[0]).isNotSameAs(cells.shared());
        assertThat(LoopCells.get(seen[0], LoopCells.FIRST)).isEqualTo(5);
        assertThat(LoopCells.get(cells.shared(), LoopCells.FIRST)).isEqualTo(2);
        assertThat(cells.sum(0)).isEqualTo(7);
    }

    @Test
    void aCellsCountersHaveACacheLineOfPaddingOnEachSide() throws Exception {
        LoopCells cells = new LoopCells(3);
        long[][] seen = new long[1][];
        Thread loop = new FastThreadLocalThread(() -> {
            cells.add(2, 1);
            seen[0] = cells.mine();
        });
        loop.start();
        loop.join();

        assertThat(LoopCells.FIRST * Long.BYTES).isGreaterThanOrEqualTo(64);
        assertThat(seen[0]).hasSize(LoopCells.FIRST + 3 + LoopCells.FIRST);
        assertThat(LoopCells.get(seen[0], LoopCells.FIRST + 2)).isEqualTo(1);
        assertThat(cells.shared()).hasSize(LoopCells.FIRST + 3 + LoopCells.FIRST);
    }
}
