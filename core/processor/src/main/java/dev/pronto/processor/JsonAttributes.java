package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * What DSL-JSON's {@code @JsonAttribute} changes about a property's JSON form, read as a mirror so
 * the processor does not need DSL-JSON: its {@code name}, {@code ignore} and {@code mandatory}.
 *
 * @param name the property's JSON name
 * @param ignored whether DSL-JSON leaves it out
 * @param mandatory whether DSL-JSON requires it when reading
 */
record JsonAttributes(String name, boolean ignored, boolean mandatory) {
    static final String ANNOTATION = "com.dslplatform.json.JsonAttribute";

    /** The attributes of {@code property}, from the first of its {@code annotated} elements that has them. */
    static JsonAttributes of(String property, List<? extends Element> annotated) {
        for (Element element : annotated) {
            AnnotationMirror mirror = Names.find(element, ANNOTATION);
            if (mirror != null) {
                Object name = Constraints.attribute(mirror, "name");
                return new JsonAttributes(name instanceof String s && !s.isEmpty() ? s : property,
                        Boolean.TRUE.equals(Constraints.attribute(mirror, "ignore")),
                        Boolean.TRUE.equals(Constraints.attribute(mirror, "mandatory")));
            }
        }
        return new JsonAttributes(property, false, false);
    }
}
