package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link HeadScanner#scan} against the byte-wise scan it speeds up: same stops, same results, read by read. */
class HeadScannerScanTest {
    // Weighted towards what changes the scanner's state: line ends, HTAB, controls, DEL, bytes above 0x7F.
    private static final byte[] ALPHABET = "\r\n\r\n\t\u0001\u007f\u00e9 :aZ/0.Host-".getBytes(StandardCharsets.ISO_8859_1);

    /** What a scan did: where it stopped, and the scanner's state after it. */
    private record Outcome(int stop, int result, int leading, boolean inStartLine) {
    }

    private static Outcome feed(HeadScanner scanner, ByteBuf in, int[] cuts, boolean wordWise) {
        scanner.reset();
        int from = in.readerIndex();
        for (int cut : cuts) {
            int length = cut - from;
            int stop = wordWise ? scanner.scan(in, from, length) : in.forEachByte(from, length, scanner);
            if (stop >= 0) {
                return new Outcome(stop, scanner.result(), scanner.leading(), scanner.inStartLine());
            }
            from = cut;
        }
        return new Outcome(-1, scanner.result(), scanner.leading(), scanner.inStartLine());
    }

    private static byte[] randomHead(Random random) {
        StringBuilder sb = new StringBuilder();
        if (random.nextInt(4) == 0) {
            sb.append("\r\n");
        }
        sb.append("GET /").append("a".repeat(random.nextInt(40))).append(" HTTP/1.1\r\n");
        for (int f = random.nextInt(4); f > 0; f--) {
            sb.append("Host: ").append("x".repeat(random.nextInt(30))).append("\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        for (int flips = random.nextInt(3); flips > 0; flips--) {
            head[random.nextInt(head.length)] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return head;
    }

    @Test
    void wordWiseScanStopsWhereAndAsTheByteWiseScanDoes() {
        Random random = new Random(42);
        for (int c = 0; c < 30_000; c++) {
            byte[] head = randomHead(random);
            int maxStartLine = 8 + random.nextInt(48);
            int maxFields = 4 + random.nextInt(96);
            int offset = random.nextInt(9);
            ByteBuf in = ByteBufAllocator.DEFAULT.directBuffer(offset + head.length);
            try {
                in.writerIndex(offset).readerIndex(offset);
                in.writeBytes(head);
                int[] cuts = cuts(random, offset, in.writerIndex());
                Outcome bytes = feed(new HeadScanner(maxStartLine, maxFields), in, cuts, false);
                Outcome words = feed(new HeadScanner(maxStartLine, maxFields), in, cuts, true);
                assertThat(words).as("case %d: %s", c, new String(head, StandardCharsets.ISO_8859_1)).isEqualTo(bytes);
            } finally {
                in.release();
            }
        }
    }

    // The reads the head arrives in: one to four, cut anywhere
    private static int[] cuts(Random random, int start, int end) {
        int n = 1 + random.nextInt(4);
        int[] cuts = new int[n];
        for (int i = 0; i < n - 1; i++) {
            cuts[i] = start + random.nextInt(end - start + 1);
        }
        cuts[n - 1] = end;
        java.util.Arrays.sort(cuts);
        return cuts;
    }
}
