package dev.pronto.router;

/**
 * Draws a compiled trie as indented text for {@link Router#prettyPrint()}: one line per node with
 * its piece and the methods of the routes ending there.
 */
final class TreePrinter {
    private final StringBuilder out = new StringBuilder();

    private TreePrinter() {
    }

    static String print(Node root) {
        TreePrinter printer = new TreePrinter();
        if (root.label.length == 0) {
            printer.children(root, "");
        } else {
            printer.node(root, "");
        }
        return printer.out.toString();
    }

    private void node(Node node, String indent) {
        out.append(indent).append(piece(node));
        if (node.methods != 0) {
            out.append(" (");
            String separator = "";
            for (Method method : Method.values()) {
                if ((node.methods & AllowHeader.bit(method)) != 0) {
                    out.append(separator).append(method);
                    separator = ", ";
                }
            }
            out.append(')');
        }
        out.append('\n');
        children(node, indent + "  ");
    }

    private void children(Node node, String indent) {
        for (Node child : node.statics) {
            node(child, indent);
        }
        if (node.param != null) {
            node(node.param, indent);
        }
        if (node.catchAll != null) {
            node(node.catchAll, indent);
        }
    }

    private static String piece(Node node) {
        return switch (node.kind) {
            case STATIC -> String.valueOf(node.label);
            case PARAM -> "{" + node.name + "}";
            case CATCH_ALL -> "{*" + node.name + "}";
        };
    }
}
