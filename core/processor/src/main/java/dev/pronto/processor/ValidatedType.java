package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * A class whose values a generated {@code <Type>$Validator} checks.
 *
 * @param type the record or class
 * @param packageName its package, empty for the unnamed package
 * @param reference how code in the same package names it, e.g. {@code Order.Item}
 * @param generatedName the simple name of the validator, e.g. {@code Order$Item$Validator}
 * @param properties the checked properties, in declaration order
 * @param constants the validator's static fields
 */
record ValidatedType(TypeElement type, String packageName, String reference, String generatedName,
        List<Checked> properties, Constants constants) {
    /** The qualified name of the validator. */
    String qualifiedGeneratedName() {
        return packageName.isEmpty() ? generatedName : packageName + "." + generatedName;
    }
}
