# expect_completion SHELL 'COMMAND LINE' CANDIDATE: completes the line in a new SHELL (bash, zsh or fish) that finds
# the installed scripts by itself (complete.SHELL --installed), and fails unless CANDIDATE is offered.
# Sourced by scripts/test-install.sh and scripts/test-deb.sh, which define run_as_user (the user's environment),
# fail (report and exit) and root (the repository).
expect_completion() {
    local shell=$1 line=$2 want=$3 got
    case $shell in
    bash) got=$(run_as_user bash --norc --noprofile "$root/Tests/Shells/complete.bash" --installed "$line") ;;
    zsh) got=$(run_as_user zsh -f "$root/Tests/Shells/complete.zsh" --installed "$line") ;;
    fish) got=$(run_as_user fish "$root/Tests/Shells/complete.fish" --installed "$line") ;;
    esac || fail "$shell: completing '$line' failed: $got"
    printf '%s\n' "$got" | cut -f1 | grep -qx -- "$want" || fail "$shell: '$line' did not offer '$want'; got: $got"
}
