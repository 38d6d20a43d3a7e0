package dev.pronto.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.examples.docs.JavaBlocks.Kind;
import dev.pronto.examples.docs.JavaBlocks.Unit;
import dev.pronto.examples.docs.MarkdownBlocks.Block;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every ```java block of README.md, CONTRIBUTING.md and docs/*.md compiles, in one compiler task with Pronto's
 * and DSL-JSON's annotation processors, against this module's test class path; every ```xml block parses and
 * names real modules. Other blocks (shell, YAML, text) are not checked. A failure names the block's file:line.
 *
 * <p>The convention (also in CONTRIBUTING.md), judged by a block's first line of code (comments and
 * annotation-only lines skipped):
 * <ul>
 *   <li>{@code package} or {@code import}: a compilation unit, compiled as written;
 *   <li>a type declaration ({@code class}, {@code interface}, {@code record}, {@code enum}, with modifiers and
 *       annotations): a compilation unit given the fixed imports ({@link JavaBlocks#IMPORTS}) and
 *       {@code dev.pronto.core.annotation.*} and {@code jakarta.validation.constraints.*};
 *   <li>anything else: statements, the body of a method given the fixed imports and {@code java.nio.file.*},
 *       in a class whose fields are the fixed variables ({@link JavaBlocks#VARIABLES}: {@code r} the Routes,
 *       {@code req}/{@code res}, {@code server}, {@code client}, {@code tls}, ...).
 * </ul>
 * Each block is its own package ({@code docs.b<n>}, unless it declares one), so names never clash between
 * blocks. {@code { ... }} stands for a body left out and compiles as a throw. DSL-JSON's configuration class is
 * {@code com.acme.hello.AppJson} for the whole compilation (the quick start's). The README's hello world must
 * also be, character for character, examples/src/main/java/dev/pronto/examples/HelloWorld.java without its
 * package line.
 */
final class DocsCodeBlocksTest {
    private static final Path ROOT = MarkdownBlocks.projectRoot();

    @Test
    void everyJavaBlockCompiles(@TempDir Path out) {
        List<Unit> units = new ArrayList<>();
        for (Block block : MarkdownBlocks.of(ROOT)) {
            if (block.language().equals("java")) {
                units.add(JavaBlocks.unit(block, units.size()));
            }
        }
        assertThat(units).hasSizeGreaterThan(10);
        assertThat(BlockCompiler.errors(units, out)).as("blocks that do not compile").isEmpty();
    }

    @Test
    void everyXmlBlockParsesAndNamesRealModules() {
        Map<String, String> modules = XmlBlocks.modules(ROOT);
        assertThat(modules).containsKeys("pronto-core", "pronto-json", "pronto-bom");
        List<String> errors = new ArrayList<>();
        for (Block block : MarkdownBlocks.of(ROOT)) {
            if (block.language().equals("xml")) {
                errors.addAll(XmlBlocks.errors(block, modules));
            }
        }
        assertThat(errors).as("xml blocks").isEmpty();
    }

    @Test
    void readmeHelloWorldIsTheCompiledExample() throws IOException {
        String example = Files.readString(ROOT.resolve("examples/src/main/java/dev/pronto/examples/HelloWorld.java"));
        String withoutPackage = example.substring(example.indexOf('\n') + 1).stripLeading();
        List<String> readme = MarkdownBlocks.parse("README.md", Files.readAllLines(ROOT.resolve("README.md"))).stream()
                .map(Block::text).filter(text -> text.contains("class HelloWorld")).toList();
        assertThat(readme).as("README blocks declaring HelloWorld").singleElement().isEqualTo(withoutPackage);
    }

    @Test
    void aBrokenBlockIsReportedAtItsLine(@TempDir Path out) {
        List<Block> blocks = MarkdownBlocks.parse("broken.md", List.of("text", "```java",
                "r.get(\"/a\", (req, res) -> res.send(\"a\"));", "r.get(\"/b\", (req, res) -> res.sendd(\"b\"));", "```"));
        List<String> errors = BlockCompiler.errors(List.of(JavaBlocks.unit(blocks.get(0), 0)), out);
        assertThat(errors).singleElement().asString().startsWith("broken.md:4: ").contains("sendd");
    }

    @Test
    void aBrokenXmlBlockIsReportedAtItsLine() {
        List<Block> blocks = MarkdownBlocks.parse("broken.md", List.of("```xml", "<dependency>",
                "<groupId>dev.pronto</groupId><artifactId>pronto-nothing</artifactId></dependency>", "```", "```xml",
                "<a>", "<b></a>", "```"));
        Map<String, String> modules = XmlBlocks.modules(ROOT);
        assertThat(XmlBlocks.errors(blocks.get(0), modules)).singleElement().asString()
                .startsWith("broken.md:2: dev.pronto:pronto-nothing is not a module");
        assertThat(XmlBlocks.errors(blocks.get(1), modules)).singleElement().asString().startsWith("broken.md:7: ");
    }

    @Test
    void blocksAreSortedByTheirFirstLineOfCode() {
        assertThat(JavaBlocks.kind("import a.B;\nclass C {}")).isEqualTo(Kind.UNIT);
        assertThat(JavaBlocks.kind("/** Doc. */\n@Path(\"/x\")\nfinal class C {}")).isEqualTo(Kind.TYPES);
        assertThat(JavaBlocks.kind("record R(int a) {}")).isEqualTo(Kind.TYPES);
        assertThat(JavaBlocks.kind("// comment\nr.get(\"/\", h);")).isEqualTo(Kind.STATEMENTS);
    }
}
