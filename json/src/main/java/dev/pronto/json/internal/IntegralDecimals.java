package dev.pronto.json.internal;

/**
 * JSON Schema's {@code integer} includes {@code 10021.0}; DSL-JSON's {@code int} and {@code long}
 * readers refuse it. After such a refusal the decoder blanks the zero fraction of every integral
 * decimal outside strings ({@code 10021.0} becomes {@code 10021} and two spaces, which JSON allows
 * after a number) and parses again. A {@code double} property reads the same value either way, and
 * a valid document never pays for it: this runs only on the failure path.
 */
final class IntegralDecimals {
    private IntegralDecimals() {
    }

    /** Whether {@code message}, a DSL-JSON parse failure, is the refusal of a decimal for an integer. */
    static boolean refused(String message) {
        return message != null && message.contains("found decimal value");
    }

    /** Blanks the zero fractions of {@code input}'s first {@code length} bytes; whether any was found. */
    static boolean blank(byte[] input, int length) {
        boolean changed = false;
        boolean inString = false;
        for (int i = 0; i < length; i++) {
            byte b = input[i];
            if (inString) {
                if (b == '\\') {
                    i++; // the escaped byte cannot end the string
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '.' && i > 0 && isDigit(input[i - 1])) {
                int end = i + 1;
                while (end < length && input[end] == '0') {
                    end++;
                }
                boolean integral = end > i + 1 && (end == length || !isDigit(input[end]) && input[end] != 'e'
                        && input[end] != 'E');
                if (integral) {
                    java.util.Arrays.fill(input, i, end, (byte) ' ');
                    changed = true;
                }
                i = end - 1;
            }
        }
        return changed;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
