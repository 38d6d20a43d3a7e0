package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.examples.arena.grpc.BenchmarkServiceGrpc;
import dev.pronto.examples.arena.grpc.StreamRequest;
import dev.pronto.examples.arena.grpc.SumReply;
import dev.pronto.examples.arena.grpc.SumRequest;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.TlsChannelCredentials;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** HttpArena check 15 with grpc-java's Netty client: GetSum, and StreamSum with 10, 5000 and 0 replies. */
final class ArenaGrpcCheck {
    private ArenaGrpcCheck() {
    }

    static void run(int port, boolean tls) throws Exception {
        ChannelCredentials creds = tls ? TlsChannelCredentials.newBuilder()
                .trustManager(ArenaCerts.certificate().toFile()).build() : InsecureChannelCredentials.create();
        ManagedChannel channel = Grpc.newChannelBuilderForAddress("localhost", port, creds).build();
        try {
            BenchmarkServiceGrpc.BenchmarkServiceBlockingStub stub = BenchmarkServiceGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(20, TimeUnit.SECONDS);
            assertThat(stub.getSum(SumRequest.newBuilder().setA(1).setB(2).build()).getResult()).isEqualTo(3);
            assertThat(stream(stub, 10)).containsExactly(55, 56, 57, 58, 59, 60, 61, 62, 63, 64);
            List<Integer> many = stream(stub, 5000);
            assertThat(many).hasSize(5000);
            assertThat(many.get(4999)).isEqualTo(5054);
            assertThat(stream(stub, 0)).isEmpty();
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static List<Integer> stream(BenchmarkServiceGrpc.BenchmarkServiceBlockingStub stub, int count) {
        List<Integer> out = new ArrayList<>();
        stub.streamSum(StreamRequest.newBuilder().setA(13).setB(42).setCount(count).build())
                .forEachRemaining((SumReply r) -> out.add(r.getResult()));
        return out;
    }
}
