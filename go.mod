module github.com/ptxplay/ptxplay

go 1.26
