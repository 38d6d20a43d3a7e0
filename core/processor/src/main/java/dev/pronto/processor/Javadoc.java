package dev.pronto.processor;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * Javadoc comments as OpenAPI text: the first sentence is the {@code summary}, the whole main
 * description the {@code description}. Inline tags keep their text, block tags are dropped.
 */
final class Javadoc {
    private static final Pattern INLINE = Pattern.compile("\\{@(?:code|literal|link|linkplain|value)\\s+([^}]*)}");
    private static final Pattern HTML = Pattern.compile("</?[a-zA-Z][^>]*>");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    private Javadoc() {
    }

    /** Puts {@code summary} and {@code description} from {@code comment} (may be null) into {@code target}. */
    static void summarize(String comment, Map<String, Object> target) {
        String text = text(comment);
        if (text.isEmpty()) {
            return;
        }
        target.put("summary", firstSentence(text));
        target.put("description", text);
    }

    /** Puts the whole main description of {@code comment} (may be null) into {@code target} as {@code description}. */
    static void describe(String comment, Map<String, Object> target) {
        String text = text(comment);
        if (!text.isEmpty()) {
            target.put("description", text);
        }
    }

    /** The main description on one line, without tags or HTML. */
    static String text(String comment) {
        if (comment == null) {
            return "";
        }
        StringBuilder main = new StringBuilder();
        for (String line : comment.split("\n", -1)) {
            if (line.trim().startsWith("@")) {
                break;
            }
            main.append(line).append(' ');
        }
        String text = INLINE.matcher(main).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
                m.group(1).trim().replaceFirst("^#", "").replace('#', '.')));
        text = HTML.matcher(text).replaceAll("");
        return SPACE.matcher(text).replaceAll(" ").trim();
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}
