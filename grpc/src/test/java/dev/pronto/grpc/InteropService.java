package dev.pronto.grpc;

import com.google.protobuf.ByteString;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.ForwardingServerCall;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.integration.EchoStatus;
import io.grpc.testing.integration.Empty;
import io.grpc.testing.integration.Payload;
import io.grpc.testing.integration.ResponseParameters;
import io.grpc.testing.integration.SimpleRequest;
import io.grpc.testing.integration.SimpleResponse;
import io.grpc.testing.integration.StreamingInputCallRequest;
import io.grpc.testing.integration.StreamingInputCallResponse;
import io.grpc.testing.integration.StreamingOutputCallRequest;
import io.grpc.testing.integration.StreamingOutputCallResponse;
import io.grpc.testing.integration.TestServiceGrpc;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The interop TestService as the gRPC interop descriptions specify its server, written for these
 * tests; non-blocking (intervals are scheduled, never slept). Every call's context cancellation
 * cause is published to {@link #cancellations}, so tests can see what reached Context listeners.
 */
final class InteropService extends TestServiceGrpc.TestServiceImplBase {
    static final Metadata.Key<String> ECHO_INITIAL = Metadata.Key.of("x-grpc-test-echo-initial",
            Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<byte[]> ECHO_TRAILING = Metadata.Key.of("x-grpc-test-echo-trailing-bin",
            Metadata.BINARY_BYTE_MARSHALLER);

    final BlockingQueue<Throwable> cancellations = new LinkedBlockingQueue<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "interop-timer");
        t.setDaemon(true);
        return t;
    });

    private void watchContext() {
        Context.current().addListener(c -> cancellations.add(c.cancellationCause() == null
                ? new IllegalStateException("cancelled without cause") : c.cancellationCause()), Runnable::run);
    }

    @Override
    public void emptyCall(Empty request, StreamObserver<Empty> out) {
        out.onNext(Empty.getDefaultInstance());
        out.onCompleted();
    }

    @Override
    public void unaryCall(SimpleRequest request, StreamObserver<SimpleResponse> out) {
        if (request.hasResponseStatus() && request.getResponseStatus().getCode() != 0) {
            out.onError(status(request.getResponseStatus()).asRuntimeException());
            return;
        }
        if (request.getResponseCompressed().getValue()) {
            ((ServerCallStreamObserver<SimpleResponse>) out).setCompression("gzip");
        }
        out.onNext(SimpleResponse.newBuilder().setPayload(payload(request.getResponseSize())).build());
        out.onCompleted();
    }

    @Override
    public void streamingOutputCall(StreamingOutputCallRequest request, StreamObserver<StreamingOutputCallResponse> out) {
        watchContext();
        ServerCallStreamObserver<StreamingOutputCallResponse> call = (ServerCallStreamObserver<StreamingOutputCallResponse>) out;
        call.setCompression("gzip");
        send(call, request.getResponseParametersList(), 0, true);
    }

    /** Sends parameter {@code i} onwards, each after its interval, then completes when asked. */
    private void send(ServerCallStreamObserver<StreamingOutputCallResponse> out, List<ResponseParameters> params,
                      int i, boolean complete) {
        if (i == params.size()) {
            if (complete) {
                out.onCompleted();
            }
            return;
        }
        ResponseParameters p = params.get(i);
        Runnable next = () -> {
            if (out.isCancelled()) {
                return;
            }
            out.setMessageCompression(p.getCompressed().getValue());
            out.onNext(StreamingOutputCallResponse.newBuilder().setPayload(payload(p.getSize())).build());
            send(out, params, i + 1, complete);
        };
        if (p.getIntervalUs() > 0) {
            timer.schedule(next, p.getIntervalUs(), TimeUnit.MICROSECONDS);
        } else {
            next.run();
        }
    }

    @Override
    public StreamObserver<StreamingInputCallRequest> streamingInputCall(StreamObserver<StreamingInputCallResponse> out) {
        watchContext();
        return new StreamObserver<>() {
            private int total;

            @Override
            public void onNext(StreamingInputCallRequest value) {
                total += value.getPayload().getBody().size();
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
                out.onNext(StreamingInputCallResponse.newBuilder().setAggregatedPayloadSize(total).build());
                out.onCompleted();
            }
        };
    }

    @Override
    public StreamObserver<StreamingOutputCallRequest> fullDuplexCall(StreamObserver<StreamingOutputCallResponse> out) {
        watchContext();
        ServerCallStreamObserver<StreamingOutputCallResponse> call = (ServerCallStreamObserver<StreamingOutputCallResponse>) out;
        return new StreamObserver<>() {
            @Override
            public void onNext(StreamingOutputCallRequest value) {
                if (value.hasResponseStatus() && value.getResponseStatus().getCode() != 0) {
                    call.onError(status(value.getResponseStatus()).asRuntimeException());
                    return;
                }
                send(call, value.getResponseParametersList(), 0, false);
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
                if (!call.isCancelled()) {
                    call.onCompleted();
                }
            }
        };
    }

    private static Status status(EchoStatus s) {
        return Status.fromCodeValue(s.getCode()).withDescription(s.getMessage());
    }

    static Payload payload(int size) {
        return Payload.newBuilder().setBody(ByteString.copyFrom(new byte[size])).build();
    }

    /** Echoes the interop metadata keys: the initial one in headers, the trailing one in trailers. */
    static ServerInterceptor echoMetadata() {
        return new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                               ServerCallHandler<Q, R> next) {
                String initial = headers.get(ECHO_INITIAL);
                byte[] trailing = headers.get(ECHO_TRAILING);
                return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                    @Override
                    public void sendHeaders(Metadata h) {
                        if (initial != null) {
                            h.put(ECHO_INITIAL, initial);
                        }
                        super.sendHeaders(h);
                    }

                    @Override
                    public void close(Status status, Metadata trailers) {
                        if (trailing != null) {
                            trailers.put(ECHO_TRAILING, trailing);
                        }
                        super.close(status, trailers);
                    }
                }, headers);
            }
        };
    }
}
