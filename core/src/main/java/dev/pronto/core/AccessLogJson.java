package dev.pronto.core;

import dev.pronto.core.internal.util.JsonStrings;

/** Builds {@link AccessLog#json()}'s lines: JSON by hand, so the core needs no JSON library. */
final class AccessLogJson {
    private AccessLogJson() {
    }

    static String line(Request req, int status, long bytes, long nanos) {
        StringBuilder sb = new StringBuilder(256).append('{');
        string(sb, "method", req.method().name()).append(',');
        string(sb, "uri", req.uri()).append(',');
        if (req.routePattern() != null) {
            string(sb, "route", req.routePattern()).append(',');
        }
        sb.append("\"status\":").append(status).append(",\"bytes\":").append(bytes)
                .append(",\"micros\":").append(nanos / 1000).append(',');
        string(sb, "protocol", req.protocol());
        if (req.attribute(AccessLog.GRPC_STATUS) instanceof Integer grpc) {
            sb.append(",\"grpcStatus\":").append(grpc.intValue());
        }
        for (String key : new String[] {AccessLog.REQUEST_ID, AccessLog.TRACE_ID, AccessLog.SPAN_ID}) {
            Object value = req.attribute(key);
            if (value != null) {
                string(sb.append(','), key, value.toString());
            }
        }
        return sb.append('}').toString();
    }

    private static StringBuilder string(StringBuilder sb, String key, String value) {
        return JsonStrings.quoted(JsonStrings.quoted(sb, key).append(':'), value);
    }
}
