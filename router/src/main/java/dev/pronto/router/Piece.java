package dev.pronto.router;

/**
 * One piece of a parsed pattern: static text (which may span several segments), a
 * {@code {name}} param, or a trailing {@code {*name}} catch-all.
 *
 * @param kind what the piece matches
 * @param text the static text, or the param name without braces
 */
record Piece(Kind kind, String text) {

    /** What a piece, and the trie node built from it, matches. */
    enum Kind {
        /** Exactly its text. */
        STATIC,
        /** One non-empty segment. */
        PARAM,
        /** The rest of the path, possibly empty. */
        CATCH_ALL
    }

    /** The piece as it was written in the pattern: {@code text}, {@code {text}} or {@code {*text}}. */
    String written() {
        return switch (kind) {
            case STATIC -> text;
            case PARAM -> "{" + text + "}";
            case CATCH_ALL -> "{*" + text + "}";
        };
    }
}
