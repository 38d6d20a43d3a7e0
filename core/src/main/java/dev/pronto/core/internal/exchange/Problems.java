package dev.pronto.core.internal.exchange;

import dev.pronto.core.ValidationException;

/** Writes RFC 9457 problem documents without a JSON library: every value is escaped here. */
final class Problems {
    private Problems() {
    }

    static String json(int status, String detail, Throwable error) {
        StringBuilder sb = new StringBuilder(128).append("{\"type\":\"about:blank\",\"title\":");
        string(sb, Status.reason(status)).append(",\"status\":").append(status).append(",\"detail\":");
        string(sb, detail);
        if (error instanceof ValidationException v) {
            sb.append(",\"errors\":[");
            for (int i = 0; i < v.errors().size(); i++) {
                ValidationException.FieldError f = v.errors().get(i);
                sb.append(i == 0 ? "{\"field\":" : ",{\"field\":");
                string(sb, f.field()).append(",\"message\":");
                string(sb, f.message()).append('}');
            }
            sb.append(']');
        }
        return sb.append('}').toString();
    }

    private static StringBuilder string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"');
    }
}
