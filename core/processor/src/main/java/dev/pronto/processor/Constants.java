package dev.pronto.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code private static final} fields of one generated class, such as precompiled patterns:
 * equal initializers share one field, and names stay unique.
 */
final class Constants {
    private final Map<String, String> names = new LinkedHashMap<>();
    private final List<String> declarations = new ArrayList<>();

    /**
     * The field holding {@code initializer}, declared on first use.
     *
     * @param hint the name to start from, e.g. {@code zipCode pattern} becomes {@code ZIP_CODE_PATTERN}
     * @param type the field type, qualified, e.g. {@code java.util.regex.Pattern}
     * @param initializer the Java expression
     */
    String add(String hint, String type, String initializer) {
        String key = type + " = " + initializer;
        String existing = names.get(key);
        if (existing != null) {
            return existing;
        }
        String base = constantName(hint);
        String name = base;
        for (int i = 2; names.containsValue(name); i++) {
            name = base + "_" + i;
        }
        names.put(key, name);
        declarations.add("private static final " + type + " " + name + " = " + initializer + ";");
        return name;
    }

    /** The field declarations, in order of first use. */
    List<String> declarations() {
        return List.copyOf(declarations);
    }

    private static String constantName(String hint) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < hint.length(); i++) {
            char c = hint.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && Character.isLowerCase(hint.charAt(i - 1))) {
                sb.append('_');
            }
            sb.append(Character.isLetterOrDigit(c) ? c : '_');
        }
        return sb.toString().toUpperCase(Locale.ROOT);
    }
}
