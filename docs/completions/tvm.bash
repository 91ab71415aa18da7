# Completion of `tvm` itself, from docs/completions/tvm.bash (scripts/generate-docs.sh copies it); edit that file.
# The first word is a tool (or help, version, completion, --help, --version); after `tvm TOOL`, the line
# completes as `tvm-TOOL …` would, through the tvm-TOOL completion that bash-completion loads.

_tvm() {
    local tools="fetch search fav episodes img"
    if ((COMP_CWORD == 1)); then
        mapfile -t COMPREPLY < <(compgen -W "$tools help version completion --help --version" -- "${COMP_WORDS[1]}")
        return
    fi
    if [[ ${COMP_WORDS[1]} == completion ]]; then
        case $COMP_CWORD in
        2) mapfile -t COMPREPLY < <(compgen -W "bash zsh fish" -- "${COMP_WORDS[2]}") ;;
        3) mapfile -t COMPREPLY < <(compgen -W "tvm $tools" -- "${COMP_WORDS[3]}") ;;
        esac
        return
    fi
    if [[ ${COMP_WORDS[1]} == help ]]; then
        ((COMP_CWORD == 2)) && mapfile -t COMPREPLY < <(compgen -W "$tools" -- "${COMP_WORDS[2]}")
        return
    fi
    local tool=${COMP_WORDS[1]#tvm-}
    [[ " $tools " == *" $tool "* ]] || return
    local command=tvm-$tool
    if ! declare -F "_$command" >/dev/null; then
        declare -F __load_completion >/dev/null && __load_completion "$command" >/dev/null 2>&1
        declare -F "_$command" >/dev/null || return
    fi
    # The line up to and including the tool's name becomes `tvm-TOOL`.
    local head=${COMP_LINE%%"${COMP_WORDS[1]}"*}${COMP_WORDS[1]}
    COMP_LINE=$command${COMP_LINE:${#head}}
    COMP_POINT=$((COMP_POINT - ${#head} + ${#command}))
    COMP_WORDS=("$command" "${COMP_WORDS[@]:2}")
    COMP_CWORD=$((COMP_CWORD - 1))
    local previous=
    ((COMP_CWORD > 0)) && previous=${COMP_WORDS[COMP_CWORD - 1]}
    "_$command" "$command" "${COMP_WORDS[COMP_CWORD]}" "$previous"
}

complete -o filenames -F _tvm tvm
