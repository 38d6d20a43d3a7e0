package dev.pronto.examples.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The fenced code blocks of the project's Markdown: README.md, CONTRIBUTING.md and docs/*.md. */
final class MarkdownBlocks {
    private static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\w*)\\s*$");

    /** One fenced block: {@code line} is the 1-based line of its first content line in {@code file}. */
    record Block(String file, int line, String language, String text) {
        String where() {
            return file + ":" + line;
        }
    }

    private MarkdownBlocks() {
    }

    /** The project root: the first directory up from the working directory holding README.md and docs/. */
    static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no README.md with a docs/ folder above " + Path.of("").toAbsolutePath());
    }

    /** Every block of README.md, CONTRIBUTING.md and docs/*.md under {@code root}, in file order. */
    static List<Block> of(Path root) {
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("CONTRIBUTING.md"),
                root.resolve("json/README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        for (Path file : files) {
            try {
                blocks.addAll(parse(root.relativize(file).toString(), Files.readAllLines(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return blocks;
    }

    /** The fenced blocks of one file's lines; an indented fence (in a list) loses its indentation. */
    static List<Block> parse(String name, List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            int indent = open.group(1).length();
            StringBuilder text = new StringBuilder();
            int j = i + 1;
            for (; j < lines.size() && !lines.get(j).strip().equals("```"); j++) {
                String line = lines.get(j);
                text.append(line.length() >= indent && line.substring(0, indent).isBlank() ? line.substring(indent) : line)
                        .append('\n');
            }
            if (j == lines.size()) {
                throw new IllegalStateException(name + ":" + (i + 1) + ": a code fence that is never closed");
            }
            blocks.add(new Block(name, i + 2, open.group(2), text.toString()));
            i = j;
        }
        return blocks;
    }
}
