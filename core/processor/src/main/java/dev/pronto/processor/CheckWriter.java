package dev.pronto.processor;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the statements that check values into a generated method whose {@code List<FieldError>}
 * is named {@code errors}: one {@code if} per constraint, and a {@code $Validator.collect} call
 * (in a loop for containers) per {@code @Valid} value.
 */
final class CheckWriter {
    private static final String INDENT = "        ";

    private final StringBuilder out;
    private final String path;
    private final String packageName;
    private final Set<String> taken;

    /**
     * Creates a writer appending to {@code out}.
     *
     * @param path the variable prefixing field names ({@code path} in validators), or null when
     *     field names are complete ({@code query.limit} in routes)
     * @param packageName the package of the generated class, to name validators
     * @param reserved names the method already uses
     */
    CheckWriter(StringBuilder out, String path, String packageName, List<String> reserved) {
        this.out = out;
        this.path = path;
        this.packageName = packageName;
        this.taken = new HashSet<>(reserved);
        taken.add("errors");
        taken.add("i");
    }

    /** A local variable name not used yet, based on {@code wanted}. */
    String local(String wanted) {
        if (javax.lang.model.SourceVersion.isKeyword(wanted)) {
            wanted += "Value";
        }
        String name = wanted;
        for (int i = 2; !taken.add(name); i++) {
            name = wanted + i;
        }
        return name;
    }

    /** Declares {@code var <local> = <expression>;} and returns the local. */
    String declare(String wanted, String expression) {
        return declare("var", wanted, expression);
    }

    /** Declares {@code <type> <local> = <expression>;} and returns the local. */
    String declare(String type, String wanted, String expression) {
        String local = local(wanted);
        line(type + " " + local + " = " + expression + ";");
        return local;
    }

    /** Writes the checks of {@code checked}, whose value is in {@code local}. */
    void checks(Checked checked, String local) {
        String value = local;
        if (checked.optional()) {
            value = declare(local + "Value", path == null ? local + ".orElse(null)"
                    : local + " == null ? null : " + local + ".orElse(null)");
        }
        for (Check check : checked.checks()) {
            line("if (" + check.failureOf(value) + ") {");
            line("    errors.add(new FieldError(" + field(checked.field()) + ", " + Names.literal(check.message()) + "));");
            line("}");
        }
        if (checked.cascade() != null) {
            cascade(checked, value);
        }
    }

    private void cascade(Checked checked, String value) {
        String validator = Names.relative(checked.cascade().validator(), packageName) + ".collect(";
        String indexed = field(checked.field() + "[") + " + i + \"]\"";
        switch (checked.cascade().shape()) {
            case SINGLE -> line(validator + value + ", " + field(checked.field()) + ", errors);");
            case LIST -> loop(value, "for (int i = 0; i < " + value + ".size(); i++) {",
                    validator + value + ".get(i), " + indexed + ", errors);");
            case ARRAY -> loop(value, "for (int i = 0; i < " + value + ".length; i++) {",
                    validator + value + "[i], " + indexed + ", errors);");
            case ITERABLE -> {
                String element = local("element");
                loop(value, "for (var " + element + " : " + value + ") {",
                        validator + element + ", " + field(checked.field() + "[]") + ", errors);");
            }
        }
    }

    private void loop(String value, String header, String call) {
        line("if (" + value + " != null) {");
        line("    " + header);
        line("        " + call);
        line("    }");
        line("}");
    }

    /** The field name expression: {@code "query.limit"}, or {@code path + ".items"} in validators. */
    private String field(String name) {
        return path == null ? Names.literal(name) : path + " + " + Names.literal("." + name);
    }

    void line(String text) {
        out.append(INDENT).append(text).append('\n');
    }
}
