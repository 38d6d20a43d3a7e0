package dev.pronto.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/** Where constraint annotations may and may not appear beyond declarations: on type arguments. */
final class TypeAnnotations {
    private TypeAnnotations() {
    }

    /** Rejects {@code @Valid} on a parameter that is not the body: only classes hold nested values. */
    static void checkOnlyValid(VariableElement param, boolean body) throws RouteException {
        AnnotationMirror valid = Names.find(param, Constraints.VALID);
        if (valid != null && !body) {
            throw new RouteException("@Valid applies to @Body parameters and to properties of validated classes",
                    param, valid);
        }
    }

    /**
     * Whether the type of {@code element} (a getter's return type) or the elements of that type are
     * marked {@code @Valid}, as in {@code List<@Valid Item>} or {@code Item @Valid []}.
     */
    static boolean hasValidType(Element element) {
        TypeMirror type = element instanceof ExecutableElement method ? method.getReturnType() : element.asType();
        TypeMirror inner = element(type);
        return valid(type) || inner != null && valid(inner);
    }

    private static boolean valid(TypeMirror type) {
        return type.getAnnotationMirrors().stream().anyMatch(m -> Names.qualifiedName(m).equals(Constraints.VALID));
    }

    /** Rejects constraints on type arguments, such as {@code List<@NotBlank String>}, which are not checked. */
    static void checkTypeArguments(TypeMirror type, Element site) throws RouteException {
        if (!(type instanceof DeclaredType declared)) {
            return;
        }
        for (TypeMirror argument : declared.getTypeArguments()) {
            for (AnnotationMirror mirror : argument.getAnnotationMirrors()) {
                if (Names.qualifiedName(mirror).startsWith(Constraints.PACKAGE)) {
                    throw new RouteException("@" + Names.simpleName(mirror) + " on a type argument is not supported; "
                            + "annotate the parameter or property itself (an Optional's value is checked when present)",
                            site);
                }
            }
        }
    }

    private static TypeMirror element(TypeMirror type) {
        if (type instanceof ArrayType array) {
            return array.getComponentType();
        }
        if (type instanceof DeclaredType declared && declared.getTypeArguments().size() == 1) {
            return declared.getTypeArguments().get(0);
        }
        return null;
    }
}
