package dev.pronto.processor;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The failure condition of {@code @DecimalMin} or {@code @DecimalMax}. For integral values the
 * decimal bound becomes an exact integer bound at compile time ({@code >= 1.5} is {@code >= 2}),
 * so the generated check is a plain comparison.
 */
final class Decimals {
    private final Constraints.Site site;
    private final Constants constants;
    private final String hint;

    Decimals(Constraints.Site site, Constants constants, String hint) {
        this.site = site;
        this.constants = constants;
        this.hint = hint;
    }

    String failure() throws RouteException {
        boolean min = site.name().equals("DecimalMin");
        String text = (String) Constraints.attribute(site.mirror(), "value");
        BigDecimal bound;
        try {
            bound = new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw site.error("@" + site.name() + " value '" + text + "' is not a decimal number");
        }
        Object explicit = Constraints.attribute(site.mirror(), "inclusive");
        boolean inclusive = explicit == null || (Boolean) explicit;
        return switch (site.kind()) {
            case INTEGRAL -> site.nonNull("#" + integral(bound, min, inclusive));
            case BIG_DECIMAL -> site.nonNull("#.compareTo(" + constant(bound, min) + ")" + comparison(min, inclusive));
            case BIG_INTEGER -> site.nonNull("new java.math.BigDecimal(#).compareTo(" + constant(bound, min) + ")"
                    + comparison(min, inclusive));
            default -> throw site.notFor("integral numbers, BigInteger and BigDecimal");
        };
    }

    /** {@code " < 2"} for {@code @DecimalMin("1.5")}: the integer comparison that fails exactly when the decimal one does. */
    private String integral(BigDecimal bound, boolean min, boolean inclusive) throws RouteException {
        BigDecimal limit;
        String op;
        if (min) {
            limit = inclusive ? bound.setScale(0, RoundingMode.CEILING) : bound.setScale(0, RoundingMode.FLOOR);
            op = inclusive ? " < " : " <= ";
        } else {
            limit = inclusive ? bound.setScale(0, RoundingMode.FLOOR) : bound.setScale(0, RoundingMode.CEILING);
            op = inclusive ? " > " : " >= ";
        }
        try {
            return op + Constraints.longLiteral(limit.longValueExact());
        } catch (ArithmeticException e) {
            throw site.error("@" + site.name() + " value " + bound.toPlainString() + " is out of range for "
                    + ValueKind.describe(site.type()));
        }
    }

    private static String comparison(boolean min, boolean inclusive) {
        if (min) {
            return inclusive ? " < 0" : " <= 0";
        }
        return inclusive ? " > 0" : " >= 0";
    }

    private String constant(BigDecimal bound, boolean min) {
        return constants.add(hint + (min ? " min" : " max"), "java.math.BigDecimal",
                "new java.math.BigDecimal(" + Names.literal(bound.toString()) + ")");
    }
}
