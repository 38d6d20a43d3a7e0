package dev.pronto.examples.docs;

import dev.pronto.examples.docs.MarkdownBlocks.Block;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/** Checks ```xml blocks: each parses, and every {@code dev.pronto} artifact it names is a module of this build at its version. */
final class XmlBlocks {
    private XmlBlocks() {
    }

    /** The artifactId and version of every pom.xml of the build under {@code root} (target/ folders left out). */
    static Map<String, String> modules(Path root) {
        Map<String, String> modules = new TreeMap<>();
        try (Stream<Path> poms = Files.walk(root, 4)) {
            for (Path pom : poms.filter(p -> p.endsWith("pom.xml") && !p.toString().contains("/target/")
                    && !p.toString().contains("archetype-resources") && !p.toString().contains("/src/")).toList()) {
                Element project = parse(Files.readString(pom)).getDocumentElement();
                String version = child(project, "version");
                modules.put(child(project, "artifactId"), version.isEmpty() ? child(child(project), "version") : version);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SAXException e) {
            throw new IllegalStateException(e);
        }
        return modules;
    }

    /** Every problem of {@code block}, as {@code file:line: message}. */
    static List<String> errors(Block block, Map<String, String> modules) {
        List<String> errors = new ArrayList<>();
        Element root;
        try {
            root = parse(block.text()).getDocumentElement();
        } catch (SAXParseException e) {
            errors.add(block.file() + ":" + (block.line() + e.getLineNumber() - 1) + ": " + e.getMessage());
            return errors;
        } catch (SAXException e) {
            errors.add(block.where() + ": " + e.getMessage());
            return errors;
        }
        List<Element> named = new ArrayList<>();
        collect(root, named);
        for (Element e : named) {
            String artifact = child(e, "artifactId");
            String version = child(e, "version");
            if (!modules.containsKey(artifact)) {
                errors.add(block.where() + ": dev.pronto:" + artifact + " is not a module of this build " + modules.keySet());
            } else if (!version.isEmpty() && !version.equals(modules.get(artifact))) {
                errors.add(block.where() + ": dev.pronto:" + artifact + " is at " + modules.get(artifact) + ", not " + version);
            }
        }
        return errors;
    }

    private static void collect(Element element, List<Element> named) {
        if ("dev.pronto".equals(child(element, "groupId"))) {
            named.add(element);
        }
        NodeList children = element.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e) {
                collect(e, named);
            }
        }
    }

    private static Element child(Element project) {
        NodeList parents = project.getElementsByTagName("parent");
        return parents.getLength() == 0 ? project : (Element) parents.item(0);
    }

    private static String child(Element parent, String name) {
        NodeList children = parent.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        return "";
    }

    private static org.w3c.dom.Document parse(String xml) throws SAXException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new org.xml.sax.helpers.DefaultHandler());
            return builder.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
