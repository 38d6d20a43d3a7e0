/**
 * The exchange core, shared by every protocol: one {@code Exchange} per request (with its
 * {@code ExchangeState} machine and the generation-checked {@code ExchangeHandle} users hold), obtained
 * and finished for every carrier by its {@code ExchangePool} (holds, {@code onResponse} hooks, recycling),
 * its protocol state in the carrier's {@code ExchangeSlot}, the
 * route table and hook chain ({@code Dispatch}, {@code Lifecycle}, {@code HookStep}), the request and
 * response objects, errors and problem bodies, the HTTP/1.1-syntax request head every protocol parses
 * into ({@code HeadParser}, {@code RequestHead}), and the body plumbing ({@code ReadGate},
 * {@code StreamingBody}, {@code BodyDeadline}), the protocol-neutral half of a streamed response body
 * ({@code FramedBody}, over each protocol's {@code content.BodySink}) and file ranges read chunk by chunk
 * ({@code FileChunk}). What it needs of the server is its {@code ExchangeContext}. A protocol plugs in as a {@code Carrier}, which is
 * handed each whole response in one call (status, headers and trailers on the exchange's response, the
 * body in its reused {@code ResponseBody}) and frames it; a carrier that can switch protocols is a
 * {@code ProtocolSwitch}.
 *
 * <p>Depends on no protocol package and not on {@code server} (see docs/architecture.md). Not API: anything here may change.
 */
package dev.pronto.core.internal.exchange;
