package dev.pronto.json.internal;

/**
 * Finds where a document nests deeper than allowed, before DSL-JSON's recursive descent (which has
 * no depth limit, also when skipping unknown properties) could overflow the stack.
 */
final class NestingGuard {
    private NestingGuard() {
    }

    /**
     * Returns the offset of the first bracket that opens level {@code maxDepth + 1}, or -1.
     * Brackets inside strings do not count.
     */
    static int tooDeepAt(byte[] bytes, int length, int maxDepth) {
        // Nesting needs one opening bracket per level. Most bodies have fewer brackets in total
        // than the limit, which a branch-free count shows far faster than tracking strings.
        if (length <= maxDepth || openingBrackets(bytes, length) <= maxDepth) {
            return -1;
        }
        int depth = 0;
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (b == '"') {
                i = stringEnd(bytes, i + 1, length);
            } else if (b == '[' || b == '{') {
                if (++depth > maxDepth) {
                    return i;
                }
            } else if (b == ']' || b == '}') {
                depth--;
            }
        }
        return -1;
    }

    private static int openingBrackets(byte[] bytes, int length) {
        int count = 0;
        for (int i = 0; i < length; i++) {
            // '[' is 0x5B and '{' is 0x7B: setting bit 0x20 maps both, and nothing else, to '{'.
            count += (bytes[i] | 0x20) == '{' ? 1 : 0;
        }
        return count;
    }

    private static int stringEnd(byte[] bytes, int from, int length) {
        for (int i = from; i < length; i++) {
            byte b = bytes[i];
            if (b == '"') {
                return i;
            }
            if (b == '\\') {
                i++;
            }
        }
        return length;
    }
}
