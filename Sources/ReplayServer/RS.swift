public enum RS {}
